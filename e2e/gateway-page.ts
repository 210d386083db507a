// What a gateway in front of a failed backend answers: an HTML 502 page, not the contract's
// JSON error. Shared by the fuzzer and the journeys, which both answer calls with it.
export const HTML_502 = {
  status: 502,
  contentType: 'text/html',
  body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
} as const
