// One chunk for what most pages share (decision 053). Bun's code splitting puts each module in a chunk of its own
// for each set of lazily loaded modules that reach it, so the signed-in dashboard fetched about 30 files of a few
// hundred bytes, each a round trip on a phone's network. Every lazily loaded page, tab and dialog imports this
// module, so the modules below are reached by one and the same set and come in one file. Bun has no way to name
// chunks by hand; this list is how to group them. A module belongs here when the signed-in pages' first paint
// needs it and it is not in the entry already.
import {
  Alert,
  Anchor,
  Badge,
  Burger,
  Card,
  CloseButton,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure, useForceUpdate, useId, useMergedRef, useUncontrolled } from "@mantine/hooks";
import {
  IconBook,
  IconBulb,
  IconChartHistogram,
  IconExternalLink,
  IconInfoCircle,
  IconKey,
  IconLogout,
  IconPlus,
  IconShieldLock,
} from "@tabler/icons-react";
import * as colors from "../lib/colors.ts";
import * as format from "../lib/format.ts";
import { ConfidenceBadge } from "./confidence-badge.tsx";
import { EmptyPanel } from "./empty-panel.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { CallBadge, ModelOutlook } from "./model-outlook.tsx";
import { Skeletons } from "./skeleton-list.tsx";

export const SHARED_CHUNK = [
  Alert,
  Anchor,
  Badge,
  Burger,
  Card,
  CloseButton,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Title,
  VisuallyHidden,
  useDisclosure,
  useForceUpdate,
  useId,
  useMergedRef,
  useUncontrolled,
  IconBook,
  IconBulb,
  IconChartHistogram,
  IconExternalLink,
  IconInfoCircle,
  IconKey,
  IconLogout,
  IconPlus,
  IconShieldLock,
  colors,
  format,
  ConfidenceBadge,
  EmptyPanel,
  LogoutButton,
  CallBadge,
  ModelOutlook,
  Skeletons,
];
