// The demo's copy of the return page that <age-check>'s hosted mode needs on the partner's origin: it runs
// the script the package ships (dist/age-check/return-page.js; here straight from the source).
import '../src/age-check/return-page.js';
