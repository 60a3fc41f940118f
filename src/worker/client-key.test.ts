import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key.ts";

describe("the key a contact post counts against", () => {
  it.each([
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0000:0000:0000:0001", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["2001:db8:1:2:3:4:192.0.2.1", "2001:db8:1:2::/64"],
  ])("is the /64 of the IPv6 address %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it("is the same for every address inside one /64, and differs for the next /64", () => {
    const inside = ["2001:db8:a:b::1", "2001:db8:a:b:1234:5678:9abc:def0", "2001:db8:a:b:ffff::"].map(clientKey);
    expect(new Set(inside).size).toBe(1);
    expect(clientKey("2001:db8:a:c::1")).not.toBe(inside[0]);
  });

  it.each([
    ["192.0.2.10", "192.0.2.10"],
    ["::ffff:192.0.2.10", "192.0.2.10"],
    ["::ffff:c000:20a", "192.0.2.10"],
  ])("is the IPv4 address of %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it.each([
    [undefined, "unknown"],
    ["", "unknown"],
    ["not-an-address", "not-an-address"],
    ["1::2::3", "1::2::3"],
    ["1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"],
  ])("keeps %s as it is when it is not an IPv6 address", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
