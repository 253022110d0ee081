/** Executes notebooks headlessly without images or HTML (fast check): same options as scripts/report.ts. */
import { main } from "./report";

main(["--no-images", "--no-html", ...process.argv.slice(2)]).then(
  (code) => process.exit(code),
  (e) => {
    console.error((e as Error).message);
    process.exit(2);
  },
);
