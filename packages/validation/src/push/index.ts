// Web Push for fans (push.*): the server's public key browsers subscribe with, and a browser's
// subscription as PushSubscription.toJSON() gives it. docs/broadcasts.md, "Push notifications".
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';

/** URL-safe base64 as browsers write it (no padding, though some add `=`). */
const base64Url = /^[A-Za-z0-9_-]+={0,2}$/;
/** Characters of unpadded base64url for `bytes` bytes. */
const base64UrlLength = (bytes: number) => Math.ceil((bytes * 4) / 3);
const unpadded = (value: string) => value.replace(/=+$/, '');

/** A push service URL: every real one is https; http is for a local push service. */
export const pushEndpointSchema = singleLineText()
  .min(1, 'The subscription has no endpoint')
  .max(2000, 'The subscription endpoint must be at most 2000 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'The subscription endpoint must be an http(s) URL' }));

export const pushSubscriptionKeysSchema = z.object({
  /** The browser's P-256 public key: 65 bytes, uncompressed (it starts with 0x04, so with "B"). */
  p256dh: z
    .string()
    .trim()
    .regex(base64Url, "The browser's key must be URL-safe base64")
    .refine(
      (value) => unpadded(value).length === base64UrlLength(65) && value.startsWith('B'),
      "The browser's key is not a P-256 public key",
    ),
  /** The browser's auth secret: 16 bytes (RFC 8291); a little more is tolerated. */
  auth: z
    .string()
    .trim()
    .regex(base64Url, "The browser's auth secret must be URL-safe base64")
    .refine(
      (value) => unpadded(value).length >= base64UrlLength(16) && unpadded(value).length <= base64UrlLength(32),
      "The browser's auth secret must be 16 bytes",
    ),
});

export const pushSubscribeInput = z.object({ endpoint: pushEndpointSchema, keys: pushSubscriptionKeysSchema });
export type PushSubscribeInput = z.infer<typeof pushSubscribeInput>;

export const pushEndpointInput = z.object({ endpoint: pushEndpointSchema });

/** The VAPID public key, URL-safe base64, for pushManager.subscribe({ applicationServerKey }). */
export const pushPublicKeyOutput = z.object({ publicKey: z.string() });

/** Whether this browser has notifications on for the signed-in fan. */
export const pushStatusOutput = z.object({ subscribed: z.boolean() });
export type PushStatusView = z.infer<typeof pushStatusOutput>;
