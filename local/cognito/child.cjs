// Runs cognito-local as a child of the local cloud and exits when the parent's pipe closes, so it
// never outlives `npm start` or a test run, even if the parent is killed outright.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
// Targets cognito-local lacks, added before it reads its table.
require('./resend-confirmation-code.cjs');
require('cognito-local/lib/bin/start.js');
