// Serves @octokit/fixtures' recorded GitHub traffic on 127.0.0.1, at a free port; prints its url.
import fixturesServer from "@octokit/fixtures-server";
import express from "express";

const app = express();
const server = app.listen(0, "127.0.0.1", () => {
  const { port } = server.address();
  app.use(fixturesServer({ fixturesUrl: `http://127.0.0.1:${port}`, logLevel: "silent", ttl: 600_000 }));
  console.log(`http://127.0.0.1:${port}`);
});
