import { Button, type ButtonProps, NumberInput, PasswordInput, TextInput } from "@mantine/core";
import { createFormHook, createFormHookContexts } from "@tanstack/react-form";
import type { ComponentProps, ReactNode } from "react";
import type { ZodType } from "zod";

// Mantine inputs bound to TanStack Form once; every form in the app uses these, and validates with the request
// schema the API validates the same request with (docs/decisions/078-forms-validate-with-api-schemas.md).
const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** For fields bound outside this module (web/lib/form-fields.tsx, the symbol field) inside `form.AppField`. */
export { useFieldContext };

/**
 * A form-level validator from one of the API's request schemas (`api/features/<feature>/<feature>.input.ts`): each
 * issue's message goes to the field its path names, an issue with no field's path to the form. `toInput` turns the
 * form's values into the request the form will send (blank optional fields left out, say), so what is validated is
 * what the API will be asked. Pass the same function the form's submit uses.
 */
export function validateWith<TValues>(schema: ZodType, toInput: (values: TValues) => unknown = (v) => v) {
  return ({ value }: { value: TValues }) => {
    const result = schema.safeParse(toInput(value));
    if (result.success) return undefined;
    const fields: Record<string, string> = {};
    let form: string | undefined;
    for (const issue of result.error.issues) {
      const name = issue.path.map(String).join(".");
      if (!name) form ??= issue.message;
      else fields[name] ??= issue.message;
    }
    return { form, fields };
  };
}

/** Whether the values would pass the schema, for a submit button disabled until they do (the spec's reset step). */
export function passes<TValues>(
  schema: ZodType,
  values: TValues,
  toInput: (values: TValues) => unknown = (v) => v,
) {
  return schema.safeParse(toInput(values)).success;
}

/**
 * Whether the schema refuses the input for a field left blank (empty or spaces, or not sent), for the spec's
 * "Missing Information" toasts on submit. The schema says which fields are required; the form only says blank.
 */
export function refusesBlank(schema: ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return false;
  return result.error.issues.some((issue) => {
    if (issue.path.length === 0) return false;
    const value = issue.path.reduce<unknown>(
      (at, key) => (at && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key] : undefined),
      input,
    );
    return value == null || (typeof value === "string" && !value.trim());
  });
}

export function fieldError(errors: unknown[]): string | undefined {
  const first = errors.find(Boolean);
  if (!first) return undefined;
  if (typeof first === "string") return first;
  if (typeof first === "object" && first && "message" in first)
    return String((first as { message: unknown }).message);
  return String(first);
}

/** A form element's onSubmit: the browser's own submit stopped, the form's run (validation, then its onSubmit). */
export function submitWith(form: { handleSubmit: () => Promise<unknown> }) {
  return (event: { preventDefault(): void }) => {
    event.preventDefault();
    void form.handleSubmit();
  };
}

/** What every bound input takes from its field: its name, blur, and the first error once touched. */
export function boundTo(field: {
  name: string;
  handleBlur: () => void;
  state: { meta: { isTouched: boolean; errors: unknown[] } };
}) {
  return {
    name: field.name,
    onBlur: field.handleBlur,
    error: field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined,
  };
}

type TextProps = Omit<ComponentProps<typeof TextInput>, "value" | "onChange" | "onBlur" | "error">;

function TextField(props: TextProps & { uppercase?: boolean }) {
  const field = useFieldContext<string>();
  const { uppercase, ...rest } = props;
  return (
    <TextInput
      {...rest}
      {...boundTo(field)}
      value={field.state.value ?? ""}
      onChange={(e) =>
        field.handleChange(uppercase ? e.currentTarget.value.toUpperCase() : e.currentTarget.value)
      }
    />
  );
}

function PasswordField(
  props: Omit<ComponentProps<typeof PasswordInput>, "value" | "onChange" | "onBlur" | "error">,
) {
  const field = useFieldContext<string>();
  return (
    <PasswordInput
      {...props}
      {...boundTo(field)}
      value={field.state.value ?? ""}
      onChange={(e) => field.handleChange(e.currentTarget.value)}
    />
  );
}

function NumberField(
  props: Omit<ComponentProps<typeof NumberInput>, "value" | "onChange" | "onBlur" | "error">,
) {
  const field = useFieldContext<number | "">();
  return (
    <NumberInput
      {...props}
      {...boundTo(field)}
      value={field.state.value ?? ""}
      onChange={(v) => field.handleChange(typeof v === "number" ? v : v === "" ? "" : Number(v))}
    />
  );
}

/** A dollar amount in cents' steps, "$" before it; above zero unless `min` says otherwise. */
function PriceField(props: Omit<ComponentProps<typeof NumberField>, "step" | "decimalScale" | "prefix">) {
  return <NumberField step={0.01} min={0.01} decimalScale={2} prefix="$" {...props} />;
}

function SubmitButton(
  props: ButtonProps & { children?: ReactNode; pendingLabel?: string; pending?: boolean },
) {
  const form = useFormContext();
  const { pendingLabel, pending, children, ...rest } = props;
  return (
    <form.Subscribe selector={(s) => s.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" loading={false} {...rest} disabled={isSubmitting || pending || rest.disabled}>
          {(isSubmitting || pending) && pendingLabel ? pendingLabel : children}
        </Button>
      )}
    </form.Subscribe>
  );
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, NumberField, PriceField },
  formComponents: { SubmitButton },
});
