import { describe, expect, it } from "vitest";
import { teamKeys } from "./access.ts";
import { accessPolicy, emailList, teamIssuer } from "./policy.ts";

describe("the Access settings", () => {
  it("read the team domain as the issuer Access writes, with or without the scheme", () => {
    expect(teamIssuer("meridian.cloudflareaccess.com")).toBe("https://meridian.cloudflareaccess.com");
    expect(teamIssuer("https://meridian.cloudflareaccess.com/")).toBe("https://meridian.cloudflareaccess.com");
    expect(teamIssuer("http://meridian.cloudflareaccess.com")).toBeUndefined();
    expect(teamIssuer("https://meridian.cloudflareaccess.com/cdn-cgi/access/certs")).toBeUndefined();
    expect(teamIssuer("not a domain")).toBeUndefined();
  });

  it("read the allow-list as trimmed lower-case addresses", () => {
    expect([...emailList(" Attorney@Example.com,, partner@example.com ,")]).toEqual(["attorney@example.com", "partner@example.com"]);
    expect(emailList(undefined).size).toBe(0);
  });

  it("switch the inbox on only when all three are usable", () => {
    const settings = { ACCESS_TEAM_DOMAIN: "meridian.cloudflareaccess.com", ACCESS_AUD: " aud ", ADMIN_EMAILS: "a@example.com" };
    expect(accessPolicy(settings)).toEqual({
      issuer: "https://meridian.cloudflareaccess.com",
      audience: "aud",
      allowedEmails: new Set(["a@example.com"]),
    });
    expect(accessPolicy({ ...settings, ACCESS_AUD: "" })).toBeUndefined();
    expect(accessPolicy({ ...settings, ADMIN_EMAILS: "," })).toBeUndefined();
    expect(accessPolicy({ ...settings, ACCESS_TEAM_DOMAIN: "ftp://x" })).toBeUndefined();
  });

  it("keep one key set per team for the life of the isolate", () => {
    const team = "https://meridian.cloudflareaccess.com";
    expect(teamKeys(team)).toBe(teamKeys(team));
    expect(teamKeys(team)).not.toBe(teamKeys("https://other.cloudflareaccess.com"));
  });
});
