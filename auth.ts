// next-auth (Auth.js v5) for the browser: JWT sessions in an encrypted cookie, signed in by
// e-mail + password or by one of our magic links. lib/auth/resolve-user.ts reads the same cookie,
// so every application route accepts either the session or a bearer application JWT.
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { clientIp } from "./lib/auth/client-ip";
import { throttleSignIn } from "./lib/auth/throttle-sign-in";
import { APP_JWT_TTL_SECONDS } from "./lib/auth/jwt";
import { consumeMagicLink } from "./lib/auth/magic-link";
import { authenticatePassword } from "./lib/auth/sign-in";
import { authSecret } from "./lib/auth/secrets";
import { getDb, type User } from "./lib/db";
import { ApiError } from "./lib/http/errors";
import { errorFields, log } from "./lib/log";

const passwordForm = z.object({ email: z.string().min(3).max(320), password: z.string().min(1).max(1024) });
const magicLinkForm = z.object({ token: z.string().min(16).max(200) });

const sessionUser = (user: User) => ({ id: user.id, email: user.email, name: user.name ?? null });

function config(): NextAuthConfig {
  return {
    secret: authSecret(),
    // The app is self-hosted behind whatever proxy its owner runs; APP_URL is the public origin.
    trustHost: true,
    session: { strategy: "jwt", maxAge: APP_JWT_TTL_SECONDS },
    pages: { signIn: "/login" },
    logger: {
      // A refused sign-in is an ordinary answer to the browser, not a server error.
      error: (error) =>
        error.name === "CredentialsSignin" ? undefined : log.error("next-auth error", errorFields(error)),
      warn: (code) => log.warn("next-auth warning", { code }),
    },
    providers: [
      Credentials({
        id: "password",
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(raw, request) {
          const form = passwordForm.safeParse(raw);
          if (!form.success) return null;
          const db = await getDb();
          try {
            await throttleSignIn(db, { ip: clientIp(request), email: form.data.email });
          } catch (error) {
            if (error instanceof ApiError) return null;
            throw error;
          }
          const user = await authenticatePassword(db, form.data.email, form.data.password);
          return user ? sessionUser(user) : null;
        },
      }),
      Credentials({
        id: "magic-link",
        name: "Magic link",
        credentials: { token: { label: "Token", type: "text" } },
        async authorize(raw) {
          const form = magicLinkForm.safeParse(raw);
          if (!form.success) return null;
          try {
            const { user } = await consumeMagicLink(await getDb(), form.data.token);
            return sessionUser(user);
          } catch (error) {
            if (error instanceof ApiError) return null;
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id) token.sub = user.id;
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(config);
