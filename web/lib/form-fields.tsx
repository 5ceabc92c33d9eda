import { Checkbox, Select, Switch, Textarea } from "@mantine/core";
import type { ComponentProps } from "react";
import { fieldError, useFieldContext } from "./form.tsx";

// More Mantine inputs bound to TanStack Form, used inside `form.AppField`. Not registered in form.tsx's hook: Select
// brings Mantine's Combobox and floating-ui, which the sign-in and registration pages would then load for nothing.

export function TextareaField(
  props: Omit<ComponentProps<typeof Textarea>, "value" | "onChange" | "onBlur" | "error">,
) {
  const field = useFieldContext<string>();
  return (
    <Textarea
      {...props}
      name={field.name}
      value={field.state.value ?? ""}
      onChange={(e) => field.handleChange(e.currentTarget.value)}
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
    />
  );
}

export function SelectField(
  props: Omit<ComponentProps<typeof Select>, "value" | "onChange" | "onBlur" | "error" | "allowDeselect">,
) {
  const field = useFieldContext<string>();
  return (
    <Select
      {...props}
      name={field.name}
      value={field.state.value}
      allowDeselect={false}
      onChange={(v) => field.handleChange(v === null ? "" : String(v))}
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
    />
  );
}

export function CheckboxField(
  props: Omit<ComponentProps<typeof Checkbox>, "checked" | "onChange" | "onBlur" | "error">,
) {
  const field = useFieldContext<boolean>();
  return (
    <Checkbox
      {...props}
      name={field.name}
      checked={field.state.value}
      onChange={(e) => field.handleChange(e.currentTarget.checked)}
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
    />
  );
}

export function SwitchField(
  props: Omit<ComponentProps<typeof Switch>, "checked" | "onChange" | "onBlur" | "error">,
) {
  const field = useFieldContext<boolean>();
  return (
    <Switch
      {...props}
      name={field.name}
      checked={field.state.value}
      onChange={(e) => field.handleChange(e.currentTarget.checked)}
      onBlur={field.handleBlur}
      error={field.state.meta.isTouched ? fieldError(field.state.meta.errors) : undefined}
    />
  );
}
