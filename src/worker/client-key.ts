/**
 * Whom a contact post counts against: the client's address, where an IPv6 client is its /64. An IPv6
 * subscriber is handed a whole /64 (or more) and can take a new address in it for every request, so keying on
 * the full address would give one client as many limits as it likes; a /64 is one subscriber's network, as
 * an IPv4 address is one household's. IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientKey(address: string | undefined): string {
  const text = (address ?? "").trim().toLowerCase();
  if (text === "") return "unknown";
  if (!text.includes(":")) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted), or undefined if it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split("%")[0]!;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((byte) => byte > 255)) return undefined;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const [head, tail] = halves.map((half) => (half === "" ? [] : half.split(":")));
  const missing = 8 - head!.length - (tail?.length ?? 0);
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head!, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...(tail ?? [])];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16));
}
