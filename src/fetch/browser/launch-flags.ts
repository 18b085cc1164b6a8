// Chromium's command line for every browser Occam drives: the one this process launches (pool.ts) and the one the
// browser server launches for a shared browser tier (server-main.ts). Both run a closed network: every request goes
// to an egress proxy, the browser resolves no name itself, WebRTC sends no UDP and nothing runs in the background.

/** The browser-wide proxy bypass: loopback is not exempt from the proxy (Chromium bypasses it by default). */
export const PROXY_LOOPBACK = '<-loopback>';

export interface ChromiumFlagOptions {
  /** Every request goes to an egress proxy: no name resolution in the browser, no unproxied WebRTC. */
  closedNetwork: boolean;
  /**
   * Names the browser may still resolve: the egress proxies' own hosts when they are named rather than addressed
   * (a shared browser tier reaching each instance's proxy). Every other name is the proxy's to resolve.
   */
  resolvableHosts?: readonly string[];
  /** Chromium's NetLog file (diagnostics, tests). */
  netLogPath?: string | null;
  /** Marks the process (an unknown switch Chromium ignores) so operators and tests can find it. */
  marker: string;
}

export function chromiumFlags(options: ChromiumFlagOptions): string[] {
  const excluded = ['127.0.0.1', ...(options.resolvableHosts ?? [])].map((host) => `EXCLUDE ${host}`).join(' , ');
  return [
    ...(options.closedNetwork
      ? [
          // Chromium never resolves a name itself: every name goes to the proxy, which resolves it under the guard.
          `--host-resolver-rules=MAP * ~NOTFOUND , ${excluded}`,
          // WebRTC may only use proxied TCP: no UDP (STUN) from the page, no local candidates.
          '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
          '--webrtc-ip-handling-policy=disable_non_proxied_udp',
          // No mDNS: with this feature on, a page's WebRTC session starts Chromium's mDNS responder, which joins
          // 224.0.0.251 and multicasts queries on port 5353 (for a remote `.local` candidate even the name the
          // resolver rules mapped) — UDP that never meets the proxy. Off, nothing is sent; the local addresses it
          // hid are never gathered anyway (the policy above allows no host candidates).
          '--disable-features=WebRtcHideLocalIpsWithMdns',
        ]
      : []),
    ...(options.netLogPath ? [`--log-net-log=${options.netLogPath}`] : []),
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    options.marker,
  ];
}
