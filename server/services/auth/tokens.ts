import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { TOKEN_TTL_MS } from "../../../common/constants.ts";
import { AppError } from "../../errors.ts";

// Tokens carry only the user id and the session id; everything else (role, permissions) is read
// from KV on each request, so a role change applies to the user's next request.

export interface TokenClaims {
  userId: number;
  sid: string;
  /** Expiry, ms since epoch. */
  expiresAt: number;
}

/** Signs an HS256 token for a session, valid for TOKEN_TTL_MS from `now`. */
export async function signToken(
  key: Uint8Array,
  claims: { userId: number; sid: string },
  now: number,
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return await new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.floor(TOKEN_TTL_MS / 1000))
    .sign(key);
}

/** Verifies a token; throws TOKEN_EXPIRED when it ran out and TOKEN_INVALID for anything else wrong. */
export async function verifyToken(key: Uint8Array, token: string, now: number): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(now) });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== "string" || typeof payload.exp !== "number") {
      throw new AppError("TOKEN_INVALID");
    }
    return { userId, sid: payload.sid, expiresAt: payload.exp * 1000 };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new AppError("TOKEN_EXPIRED");
    if (err instanceof AppError) throw err;
    throw new AppError("TOKEN_INVALID");
  }
}

/**
 * The signing key: JWT_SECRET when configured, otherwise 32 random bytes generated on first start
 * and kept in KV (`["meta", "jwt_secret"]`) so tokens survive a restart.
 */
export async function resolveSigningKey(kv: Deno.Kv, configured: string | null): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const key = ["meta", "jwt_secret"];
  const fresh = crypto.getRandomValues(new Uint8Array(32));
  await kv.atomic().check({ key, versionstamp: null }).set(key, fresh).commit();
  const stored = (await kv.get<Uint8Array>(key)).value;
  if (!stored) throw new Error("could not store the JWT secret");
  return stored;
}
