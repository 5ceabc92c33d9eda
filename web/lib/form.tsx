import { Button, type ButtonProps, NumberInput, PasswordInput, TextInput } from "@mantine/core";
import { createFormHook, createFormHookContexts } from "@tanstack/react-form";
import type { ComponentProps, ReactNode } from "react";

// Mantine inputs bound to TanStack Form once; every form in the app uses these.
const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

function fieldError(errors: unknown[]): string | undefined {
  const first = errors.find(Boolean);
  if (!first) return undefined;
  if (typeof first === "string") return first;
  if (typeof first === "object" && first && "message" in first)
    return String((first as { message: unknown }).message);
  return String(first);
}

type TextProps = Omit<ComponentProps<typeof TextInput>, "value" | "onChange" | "onBlur" | "error">;

function TextField(props: TextProps & { uppercase?: boolean }) {
  const field = useFieldContext<string>();
  const { uppercase, ...rest } = props;
  return (
    <TextInput
      {...rest}
      name={field.name}
      value={field.state.value ?? ""}
      onChange={(e) =>
        field.handleChange(uppercase ? e.currentTarget.value.toUpperCase() : e.currentTarget.value)
      }
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
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
      name={field.name}
      value={field.state.value ?? ""}
      onChange={(e) => field.handleChange(e.currentTarget.value)}
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
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
      name={field.name}
      value={field.state.value ?? ""}
      onChange={(v) => field.handleChange(typeof v === "number" ? v : v === "" ? "" : Number(v))}
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
    />
  );
}

function SubmitButton(
  props: ButtonProps & { children?: ReactNode; pendingLabel?: string; pending?: boolean },
) {
  const form = useFormContext();
  const { pendingLabel, pending, children, ...rest } = props;
  return (
    <form.Subscribe selector={(s) => s.isSubmitting}>
      {(isSubmitting) => (
        <Button type="submit" loading={false} disabled={isSubmitting || pending || rest.disabled} {...rest}>
          {(isSubmitting || pending) && pendingLabel ? pendingLabel : children}
        </Button>
      )}
    </form.Subscribe>
  );
}

export const { useAppForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField, NumberField },
  formComponents: { SubmitButton },
});
