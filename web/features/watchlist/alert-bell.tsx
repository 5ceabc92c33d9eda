import { ActionIcon, Indicator } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, useState } from "react";
import { bellLabel } from "./alert-words.ts";
import { alertInboxQueryOptions } from "./watchlist.queries.ts";

const loadPopover = () => import("./alert-bell-popover.tsx").then((m) => m.AlertBellPopover);

/**
 * The header's bell: the count of unseen fired alerts at once, the list of what fired behind it
 * (alert-bell-popover.tsx). The list's code (Mantine's Popover and floating-ui, about a third of the signed-in
 * header's) is not part of the first paint (decision 149): it loads when the pointer comes to the bell, and the
 * first click puts the bell with its list, open, in this button's place.
 */
export function AlertBell() {
  const query = useQuery(alertInboxQueryOptions());
  const [popover, setPopover] = useState<{ component: ComponentType } | null>(null);
  const unseen = query.data?.unseen ?? 0;
  return (
    <Indicator
      label={unseen > 99 ? "99+" : unseen}
      disabled={unseen === 0}
      size={16}
      offset={6}
      color="red.8"
      inline
    >
      {popover ? (
        <popover.component />
      ) : (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={bellLabel(unseen)}
          aria-haspopup="dialog"
          aria-expanded={false}
          onPointerEnter={() => void loadPopover().catch(() => undefined)}
          onClick={() =>
            void loadPopover().then(
              (component) => setPopover((shown) => shown ?? { component }),
              () => undefined,
            )
          }
          data-testid="alert-bell"
        >
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      )}
    </Indicator>
  );
}
