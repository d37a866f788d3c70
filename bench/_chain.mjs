import { endpoint } from "../dist/index.js";
const ISSUES = ["GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 50 }];
let x = 0;
const t = performance.now();
while (performance.now() - t < 4000) {
  for (let i = 0; i < 1000; i++) x += endpoint.defaults({ baseUrl: "https://github.acme-inc.com/api/v3" }).defaults({ headers: { authorization: "token ghp_example" } }).defaults({ per_page: 100 })(...ISSUES).url.length;
}
console.log(x);
