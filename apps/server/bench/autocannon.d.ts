/** The part of autocannon 9's programmatic API the service bench uses (it ships no types). */
declare module "autocannon" {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Client {
    setRequests(requests: Request[]): void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
