// Runs cognito-local as a child of the local cloud and exits when the parent's pipe closes, so it
// never outlives `npm start` or a test run, even if the parent is killed outright.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
// Where cognito-local differs from Cognito, patched before it reads its target table.
require('./fidelity.cjs');
require('cognito-local/lib/bin/start.js');
