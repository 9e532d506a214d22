/**
 * Who the client is (docs/service.md "Protections", behind a proxy): the socket's address, or
 * behind trusted proxies the address they wrote in X-Forwarded-For (Fastify's trustProxy). The
 * rate limits count by it and the connection cap spares the proxies.
 * Tests: test/security.test.ts "behind a proxy", "settings from the environment".
 */
import { BlockList, isIP } from "node:net";

export const TRUST_ALL =
  "TRUST_PROXY=true would let every client choose its address (and its rate-limit budget) with X-Forwarded-For: give the proxy's addresses or CIDRs (e.g. 10.0.0.5 or 10.0.0.0/8)";
export const TRUST_HOPS =
  "TRUST_PROXY takes the proxy's addresses or CIDRs (e.g. 10.0.0.5 or 10.0.0.0/8), not a hop count: Fastify trusts no one for a count, as it cannot tell a proxy from a client";

/** proxy-addr's names for address ranges, as Fastify's trustProxy takes them. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ["127.0.0.1/8", "::1/128"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
  uniquelocal: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

/**
 * TRUST_PROXY as read from the environment: undefined when unset or `false`, the proxies as given,
 * or what is wrong with it.
 */
export function trustProxyFromEnv(text: string | undefined): { proxy: string | undefined } | string {
  const proxy = text?.trim();
  if (proxy === undefined || proxy === "" || proxy === "false") return { proxy: undefined };
  if (proxy.toLowerCase() === "true") return TRUST_ALL;
  // Fastify 5.12 trusts no one for a hop count (it cannot check the peer), so it is refused here
  // rather than silently ignored.
  if (/^\d+$/.test(proxy)) return `${TRUST_HOPS}, got ${proxy}`;
  const wrong = proxy.split(",").find((item) => !isProxyEntry(item.trim()));
  if (wrong !== undefined) {
    return `TRUST_PROXY takes the proxies' addresses or CIDRs separated by commas (or loopback, linklocal, uniquelocal); ${JSON.stringify(wrong.trim().slice(0, 40))} is none of them`;
  }
  return { proxy };
}

/** An address, a CIDR (address/prefix) or a named range. */
function isProxyEntry(item: string): boolean {
  if (Object.hasOwn(NAMED_RANGES, item)) return true;
  const [address = "", prefix, extra] = item.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** The trusted proxies as a BlockList (node:net), which matches addresses and subnets of both families. */
export function proxyList(proxy: string): BlockList {
  const list = new BlockList();
  const add = (entry: string) => {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  };
  for (const raw of proxy.split(",")) {
    const item = raw.trim();
    if (!isProxyEntry(item)) throw new Error(`not a proxy address or CIDR: ${item.slice(0, 40)}`);
    for (const entry of Object.hasOwn(NAMED_RANGES, item) ? (NAMED_RANGES[item] ?? []) : [item]) add(entry);
  }
  return list;
}

/** An IPv4 client reached over an IPv6 socket (`::ffff:10.0.0.1`) is that IPv4 address. */
export function plainAddress(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}
