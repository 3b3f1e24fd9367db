// The check every start snapshot passes before Pyodide restores it (pyodide/lab.mjs's unpacked): a
// saved start from Cache Storage and the shipped one alike.  The browser tests spoil a copy of each
// kind once and see the page start anyway (tests/browser/test_saved_start.py, test_shipped_start.py);
// here every way a copy can be refused, and what it is refused with.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

import { distUrl } from "./dist.mjs";

const { unpacked } = await import(distUrl("pyodide/lab.mjs"));

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
// Something shaped like a snapshot (random bytes compress badly, as Python's memory does not: any will do).
const SNAPSHOT = new Uint8Array(200_000).map((_, i) => (i * 2654435761) >>> 24);
const GZIPPED = new Uint8Array(gzipSync(SNAPSHOT, { level: 1 }));

function flipped(bytes) {  // 64 bytes flipped past the header, as a bad download or a damaged copy
  const out = bytes.slice();
  for (let i = 0; i < 64; i++) out[4096 + (i * 104729) % (out.length - 4096)] ^= 0xff;
  return out;
}

test("a copy that is its SHA-256 is given back as the snapshot, gzipped or not", async () => {
  assert.deepEqual(await unpacked(GZIPPED, sha256(GZIPPED), "the saved start"), SNAPSHOT);
  assert.deepEqual(await unpacked(SNAPSHOT, sha256(SNAPSHOT), "the shipped start"), SNAPSHOT);
});

test("a copy with bytes flipped is refused by its SHA-256, gzipped again or not", async () => {
  const corrupt = (what, body, expected) => ({ message: `${what} is corrupt: its SHA-256 is ${sha256(body)}, not ${expected}` });
  const raw = flipped(SNAPSHOT);
  await assert.rejects(unpacked(raw, sha256(SNAPSHOT), "the shipped start"), corrupt("the shipped start", raw, sha256(SNAPSHOT)));
  const regzipped = new Uint8Array(gzipSync(raw, { level: 1 }));  // whole gzip: only the hash tells
  await assert.rejects(unpacked(regzipped, sha256(GZIPPED), "the saved start"),
                       corrupt("the saved start", regzipped, sha256(GZIPPED)));
  const text = new TextEncoder().encode("not gzip at all");
  await assert.rejects(unpacked(text, sha256(GZIPPED), "the saved start"), corrupt("the saved start", text, sha256(GZIPPED)));
});

test("a copy with no SHA-256 beside it is refused: nothing is restored unchecked", async () => {
  for (const missing of [null, ""]) {
    await assert.rejects(unpacked(GZIPPED, missing, "the saved start"),
                         { message: "the saved start: no SHA-256 to check it against" });
  }
});

test("a truncated copy is refused, whether or not a hash was made of it", async () => {
  const half = GZIPPED.slice(0, GZIPPED.length >> 1);
  await assert.rejects(unpacked(half, sha256(GZIPPED), "the shipped start"), /corrupt|unexpected end|terminated|incorrect/i);
  await assert.rejects(unpacked(half, sha256(half), "the shipped start"));  // its own hash: ungzipping fails
});
