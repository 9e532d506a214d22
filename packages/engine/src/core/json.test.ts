import { describe, expect, it } from "vitest";
import { canonicalJson } from "./json.js";

describe("canonicalJson", () => {
  it("sorts keys at every level, keeps array order, drops undefined fields", () => {
    expect(canonicalJson({ b: [{ d: 1, c: 2 }], a: null, u: undefined })).toBe(
      '{"a":null,"b":[{"c":2,"d":1}]}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson(undefined)).toBe("undefined");
  });
});
