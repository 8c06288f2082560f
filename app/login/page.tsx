import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { LoginForm } from "@/components/auth/login-form";

export const metadata: Metadata = { title: "Sign in · Clinical Data Registry" };

export default async function LoginPage() {
  // Rendered per request so Next can put this request's CSP nonce on its scripts (proxy.ts).
  await connection();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-center text-2xl font-semibold text-slate-900">Clinical Registry</h1>
        <p className="mt-1 text-center text-sm text-slate-500">Clinical Data Platform</p>
        <Suspense>
          <LoginForm />
        </Suspense>
      </div>
    </main>
  );
}
