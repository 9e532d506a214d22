/** A message with elements in it (a key name, a link): `{name}` placeholders filled with parts. */
import type { ComponentChild } from "preact";
import { Fragment } from "preact";

export function rich(text: string, parts: Record<string, ComponentChild>): ComponentChild[] {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    return name !== undefined && name in parts ? <Fragment key={i}>{parts[name]}</Fragment> : piece;
  });
}
