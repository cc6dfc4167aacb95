// @ts-check
/*
 * The script of <age-check>'s return page (return-page.html): posts the outcome from the query string
 * to the embedding page, on this page's own origin only (the partner's), as
 * `{type: 'age-check-return', outcome}`. The element accepts it only from its own iframe and validates
 * the outcome. Nothing else is sent: no token, no other query parameter.
 */
const outcome = new URLSearchParams(location.search).get('outcome');
if (window.parent !== window && outcome) {
  window.parent.postMessage({ type: 'age-check-return', outcome }, location.origin);
}
