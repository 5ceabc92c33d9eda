import { Checkbox, Select, Switch, Textarea } from "@mantine/core";
import type { ComponentProps } from "react";
import { boundTo, useFieldContext } from "./form.tsx";

// More Mantine inputs bound to TanStack Form, used inside `form.AppField`. Not registered in form.tsx's hook: Select
// brings Mantine's Combobox and floating-ui, which the sign-in and registration pages would then load for nothing.

export function TextareaField(
  props: Omit<ComponentProps<typeof Textarea>, "value" | "onChange" | "onBlur" | "error">,
) {
  const field = useFieldContext<string>();
  return (
    <Textarea
      {...props}
      {...boundTo(field)}
      value={field.state.value ?? ""}
      onChange={(e) => field.handleChange(e.currentTarget.value)}
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
      {...boundTo(field)}
      value={field.state.value}
      allowDeselect={false}
      onChange={(v) => field.handleChange(v === null ? "" : String(v))}
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
      {...boundTo(field)}
      checked={field.state.value}
      onChange={(e) => field.handleChange(e.currentTarget.checked)}
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
      {...boundTo(field)}
      checked={field.state.value}
      onChange={(e) => field.handleChange(e.currentTarget.checked)}
    />
  );
}
