/**
 * A stand-in for the `gh` command, for the set-up's tests: `gh api` as gh 2.x runs it against GH_API_URL (which
 * gh itself honours in place of api.github.com) with the signed-in token (GH_TOKEN), and nothing else of gh.
 * It takes `--method`, `-H "Name: value"` (an Authorization header of the caller's replaces the token, as gh
 * does), `--input -` and `--include`; prints the body (with `--include`, the status line and headers first);
 * on a status of 400 or more it also prints `gh: <message> (HTTP <status>)` to stderr and exits 1.
 */
import process from "node:process";

const args = process.argv.slice(2);
if (args[0] !== "api") {
  console.error(`gh stand-in: only "gh api" is stood in for, not "gh ${args.join(" ")}"`);
  process.exit(2);
}
let method = "GET";
let include = false;
let input = false;
let path = "";
const headers: Record<string, string> = { Accept: "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28" };
for (let index = 1; index < args.length; index++) {
  const arg = args[index]!;
  if (arg === "--method" || arg === "-X") method = args[++index]!;
  else if (arg === "--include" || arg === "-i") include = true;
  else if (arg === "--input") input = args[++index] === "-";
  else if (arg === "-H" || arg === "--header") {
    const [name, ...value] = args[++index]!.split(":");
    headers[name!.trim()] = value.join(":").trim();
  } else path = arg;
}
if (!Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) headers.Authorization = `token ${process.env.GH_TOKEN}`;
const chunks: Buffer[] = [];
if (input) for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const response = await fetch(`${process.env.GH_API_URL}${path.startsWith("/") ? path : `/${path}`}`, {
  method,
  headers: input ? { ...headers, "Content-Type": "application/json" } : headers,
  body: input ? Buffer.concat(chunks) : undefined,
});
const text = await response.text();
if (include)
  process.stdout.write(
    `HTTP/2.0 ${response.status} ${response.statusText}\n${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n\n`,
  );
process.stdout.write(text);
if (response.status >= 400) {
  const message = (() => {
    try {
      return (JSON.parse(text) as { message?: string }).message;
    } catch {
      return undefined;
    }
  })();
  console.error(`gh: ${message ?? response.statusText} (HTTP ${response.status})`);
  process.exit(1);
}
