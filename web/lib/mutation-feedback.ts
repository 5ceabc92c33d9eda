import { isUnauthorized, serverMessage } from "./api-error.ts";
import { notify } from "./notify.ts";

/**
 * A mutation's `onError`: a toast naming what failed, with the server's message when it sent one. A 401 is left
 * to the query client's single sign-out policy, so the user never sees a failure toast replace "Unauthorized".
 */
export function toastFailure(title: string, fallback?: string) {
  return (error: Error) => {
    if (isUnauthorized(error)) return;
    notify("error", title, serverMessage(error) ?? fallback);
  };
}
