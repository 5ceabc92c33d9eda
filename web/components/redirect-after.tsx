import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { notify } from "../lib/notify.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";

/** Shows a toast, then navigates after `delayMs` (the spec's 500 ms and 1500 ms redirects). */
export function RedirectAfter(props: {
  to: "/" | "/signin";
  delayMs: number;
  toast: { tone: "error" | "warning"; title: string; message?: string };
}) {
  const navigate = useNavigate();
  const { to, delayMs, toast } = props;
  useEffect(() => {
    notify(toast.tone, toast.title, toast.message);
    const timer = setTimeout(() => void navigate({ to }), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, to, delayMs, toast.tone, toast.title, toast.message]);
  return <FullPageSpinner />;
}
