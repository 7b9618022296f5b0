// Sums the per-package vitest JSON reports into the one line CI reads: "N passed, N failed".
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
let reports = 0;
for (const group of ["packages", "apps"]) {
  for (const name of readdirSync(group)) {
    const file = join(group, name, ".vitest-results.json");
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, "utf8"));
    reports++;
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    if (report.success === false && (report.numFailedTests ?? 0) === 0) failed++;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(reports > 0 && failed === 0 ? 0 : 1);
