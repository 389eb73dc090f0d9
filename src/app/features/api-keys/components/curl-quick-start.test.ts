import { describe, expect, it } from 'vitest';
import { curlQuickStart } from './curl-quick-start.js';

describe('curlQuickStart', () => {
  it("asks for the last 7 days' summary of the property with the key as a bearer token", () => {
    const cmd = curlQuickStart({
      origin: 'https://stats.example.com',
      key: 'sl_abc123',
      propertyId: 'acme-shop',
      today: '2026-03-02',
    });
    expect(cmd).toBe(
      "curl -H 'Authorization: Bearer sl_abc123' 'https://stats.example.com/api/external/v1/properties/acme-shop/traffic/summary?start=2026-02-24&end=2026-03-02&timezone=UTC'",
    );
  });
});
