import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { acceptedStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp.js';

// RFC 6238's own test vector (SHA-1, secret "12345678901234567890"), and the window at step edges.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('acceptedStep', () => {
  it('reads the RFC 6238 vector: at 59 s the code is 287082, of step 1', () => {
    expect(acceptedStep(RFC_SECRET, '287082', 59_000, null)).toBe(1);
    expect(acceptedStep(RFC_SECRET, '081804', 1_111_111_109_000, null)).toBe(37_037_036);
  });

  it('takes one step either side of the server’s, at the very edges of its step', () => {
    const secret = newTotpSecret();
    const at = (step: number) => generateSync({ secret, epoch: step * 30 });
    for (const nowMs of [3_000_000 * 30_000, 3_000_000 * 30_000 + 29_999]) {
      expect(acceptedStep(secret, at(2_999_999), nowMs, null)).toBe(2_999_999);
      expect(acceptedStep(secret, at(3_000_001), nowMs, null)).toBe(3_000_001);
      expect(acceptedStep(secret, at(2_999_998), nowMs, null)).toBeNull();
      expect(acceptedStep(secret, at(3_000_002), nowMs, null)).toBeNull();
    }
  });

  it('refuses the step last taken and any before it, and anything but six digits', () => {
    const secret = newTotpSecret();
    const code = generateSync({ secret, epoch: 90_000_000 });
    expect(acceptedStep(secret, code, 90_000_000_000, 3_000_000)).toBeNull();
    expect(acceptedStep(secret, code, 90_000_000_000, 2_999_999)).toBe(3_000_000);
    expect(acceptedStep(secret, ` ${code}`, 90_000_000_000, null)).toBeNull();
    expect(acceptedStep(secret, '12345', 90_000_000_000, null)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten, different, without look-alike characters, and hash the same however typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(recoveryCodeHash('K3F9Q X2MRP')).toBe(recoveryCodeHash('k3f9q-x2mrp'));
    expect(recoveryCodeHash('k3f9q-x2mrp')).toMatch(/^[0-9a-f]{64}$/);
  });
});
