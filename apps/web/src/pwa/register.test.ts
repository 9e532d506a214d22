import { describe, expect, it } from "vitest";
import { type ApplyUpdate, type WorkerContainer, watchRegistration } from "./register";

/** A service worker as far as watchRegistration sees it: a state, its events, its messages. */
class FakeWorker extends EventTarget {
  state = "installing";
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event("updatefound"));
  }
}

class FakeContainer extends EventTarget implements WorkerContainer {
  constructor(public controller: unknown) {
    super();
  }
  register(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  override addEventListener(type: string, listener: () => void, options?: { once: boolean }) {
    super.addEventListener(type, listener, options);
  }
}

function watch(controller: unknown, registration = new FakeRegistration()) {
  const container = new FakeContainer(controller);
  const offers: ApplyUpdate[] = [];
  let reloads = 0;
  watchRegistration(
    registration as unknown as ServiceWorkerRegistration,
    container,
    (apply) => offers.push(apply),
    () => reloads++,
  );
  return { registration, container, offers, reloads: () => reloads };
}

describe("watchRegistration", () => {
  it("offers nothing on the first install: nothing controlled the page, there is nothing to replace", () => {
    const { registration, offers } = watch(null);
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become("installed");
    worker.become("activated");
    expect(offers).toHaveLength(0);
  });

  it("offers a new version once it has installed behind the running one, and only then", () => {
    const { registration, offers } = watch({});
    const worker = new FakeWorker();
    registration.found(worker);
    expect(offers).toHaveLength(0);
    worker.become("installed");
    expect(offers).toHaveLength(1);
  });

  it("on Reload tells the waiting worker to take over and reloads when it controls the page", () => {
    const { registration, container, offers, reloads } = watch({});
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become("installed");
    expect(worker.messages).toEqual([]);
    offers[0]?.();
    expect(worker.messages).toEqual([{ type: "SKIP_WAITING" }]);
    expect(reloads()).toBe(0);
    container.dispatchEvent(new Event("controllerchange"));
    expect(reloads()).toBe(1);
    // Once: a later change of controller does not reload the page again.
    container.dispatchEvent(new Event("controllerchange"));
    expect(reloads()).toBe(1);
  });

  it("offers a version that was already waiting when the page loaded", () => {
    const registration = new FakeRegistration();
    const worker = new FakeWorker();
    worker.state = "installed";
    registration.waiting = worker;
    const { offers } = watch({}, registration);
    expect(offers).toHaveLength(1);
    offers[0]?.();
    expect(worker.messages).toEqual([{ type: "SKIP_WAITING" }]);
  });

  it("does not reload when the controller changes without the player's Reload", () => {
    const { registration, container, reloads } = watch({});
    const worker = new FakeWorker();
    registration.found(worker);
    worker.become("installed");
    container.dispatchEvent(new Event("controllerchange"));
    expect(reloads()).toBe(0);
  });
});
