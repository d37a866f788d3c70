import { endpoint } from "../dist/index.js";
const ISSUES = ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 50 }];
const CREATE = ["POST /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", title: "Found a bug" }];
const chain = () => endpoint.defaults({ baseUrl: "https://github.acme-inc.com/api/v3" }).defaults({ headers: { authorization: "token ghp_example" } }).defaults({ per_page: 100 });
const cases = {
  endpoint: () => endpoint(...ISSUES).url.length + endpoint(...CREATE).url.length,
  merge: () => endpoint.merge(...ISSUES).url.length + endpoint.merge(...CREATE).url.length,
  both: () => endpoint.parse(endpoint.merge(...ISSUES)).url.length + endpoint.parse(endpoint.merge(...CREATE)).url.length,
  one: () => endpoint(...ISSUES).url.length,
  chain3: () => chain()(...ISSUES).url.length,
};
const res = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const fn of Object.values(cases)) for (let i = 0; i < 30000; i++) fn();
for (let round = 0; round < 15; round++) {
  for (const [name, fn] of Object.entries(cases)) {
    const n = 20000; const s = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    res[name].push(Number(process.hrtime.bigint() - s) / n);
  }
}
const med = (x) => [...x].sort((a, b) => a - b)[x.length >> 1];
const ratio = (a, b) => med(res[a].map((v, i) => v / res[b][i]));
console.log(Object.entries(res).map(([k, v]) => `${k} ${med(v).toFixed(0)}`).join(" | "), `|| both/endpoint ${ratio("both", "endpoint").toFixed(2)} chain/one ${ratio("chain3", "one").toFixed(2)}`);
