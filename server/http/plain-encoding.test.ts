import express from "express";
import { describe, expect, it } from "vitest";
import { plainEncoding } from "./early-hits";
import { snapshotEncoding } from "./page-snapshot";

/** The early hits' reading of Accept-Encoding (early-hits.ts plainEncoding) against Express's own. */
describe("plainEncoding", () => {
  /** Express's own negotiation of the same header (negotiator, through req.acceptsEncodings). */
  const express_ = (header: string | undefined) => {
    const req = Object.create(express.request) as express.Request;
    Object.defineProperty(req, "headers", { value: header === undefined ? {} : { "accept-encoding": header } });
    return snapshotEncoding((e) => req.acceptsEncodings(e) === e);
  };

  it("negotiates plain headers exactly as Express does", () => {
    const headers = [
      undefined,
      "",
      "br",
      "gzip",
      "identity",
      "deflate",
      "*",
      "*;q=0",
      "br, gzip",
      "gzip, deflate, br, zstd",
      "gzip, deflate",
      "BR",
      "br;q=0",
      "br;q=0, gzip",
      "br;q=0, gzip;q=0",
      "br;q=0, *",
      "*, br;q=0",
      "gzip;q=0.5, br;q=0.8",
      "br;q=0.001",
      "br;q=0.000, gzip;q=1.000",
      "br;q=0, br",
      "br ; q=0.5 , gzip",
      "identity;q=0, *;q=0",
      "zstd, br;q=1.",
      ",br,",
    ];
    for (const header of headers) expect([header, plainEncoding(header)]).toEqual([header, express_(header)]);
  });

  it("leaves headers it does not read plainly to Express", () => {
    for (const header of ['br;q="1"', "br;level=5", "br;q=2", "br;q=0.0001", "gzip;q=-1", "br\u0000"])
      expect(plainEncoding(header)).toBeNull();
  });
});
