import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";

/**
 * Switches between light and dark. Until a visitor uses it the app follows the system setting; their choice is kept
 * in local storage (theme.ts: colorSchemeManager) across visits.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const next = computed === "dark" ? "light" : "dark";
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={next === "dark" ? "Use dark theme" : "Use light theme"}
      title={next === "dark" ? "Dark theme" : "Light theme"}
    >
      {computed === "dark" ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
