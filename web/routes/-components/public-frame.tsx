import { Box, Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PageHeader } from "../../components/page-header.tsx";
import { SiteFooter } from "../../features/landing/site-footer.tsx";

/** A public page's frame for a visitor: the tool pages' header with a Sign In button, the page, the site footer. */
export function PublicFrame(props: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)" style={{ display: "flex", flexDirection: "column" }}>
      <PageHeader size="xl">
        <Button component={Link} to="/signin" variant="default">
          Sign In
        </Button>
      </PageHeader>
      <Box style={{ flex: 1 }}>{props.children}</Box>
      <SiteFooter size="xl" />
    </Box>
  );
}
