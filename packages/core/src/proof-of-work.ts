/**
 * The browser's half of the inquiry form's proof of work (docs/public-pages.md, "Spam"): the
 * number whose SHA-256 with the salt is the challenge, found in batches so that the browser's
 * digest calls run side by side. Self-contained (no import, no outer name): the widget's page
 * ships this very function's text to its worker.
 */
export async function solveProofOfWork(challenge: {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}): Promise<string | null> {
  const encoder = new TextEncoder();
  const batch = 500;
  for (let start = 0; start <= challenge.maxnumber; start += batch) {
    const numbers: number[] = [];
    for (let n = start; n < start + batch && n <= challenge.maxnumber; n++) numbers.push(n);
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n))),
    );
    for (let i = 0; i < hashes.length; i++) {
      const bytes = new Uint8Array(hashes[i]!);
      let hex = '';
      for (let j = 0; j < bytes.length; j++) hex += (bytes[j]! < 16 ? '0' : '') + bytes[j]!.toString(16);
      if (hex === challenge.challenge) {
        return btoa(
          JSON.stringify({
            algorithm: challenge.algorithm,
            challenge: challenge.challenge,
            number: numbers[i],
            salt: challenge.salt,
            signature: challenge.signature,
          }),
        );
      }
    }
  }
  return null;
}
