import { describe, expect, it } from "vitest";
import { clip, describeValue } from "./read.js";

describe("messages quote outside text bounded", () => {
  it("clip keeps short text and cuts long text to the limit, ending in ...", () => {
    expect(clip("abc", 5)).toBe("abc");
    expect(clip("abcde", 5)).toBe("abcde");
    expect(clip("abcdef", 5)).toBe("ab...");
    expect(clip("x".repeat(100_000), 80)).toHaveLength(80);
  });

  it("describeValue never walks or quotes a value at length", () => {
    expect(describeValue("x".repeat(1000))).toBe(JSON.stringify(`${"x".repeat(21)}...`));
    expect(describeValue([[[1]]])).toBe("an array of 1");
    expect(describeValue({ a: 1 })).toBe("an object");
    expect(describeValue(null)).toBe("null");
    expect(describeValue(1e308)).toBe("1e+308");
  });
});
