import { Box, Center, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { AppLogo } from "../../components/app-logo.tsx";

/** The centred card layout shared by sign-in, registration and password reset. */
export function AuthPageShell(props: {
  title: string;
  subtitle?: string;
  top?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)" py={{ base: "md", sm: 48 }}>
      <Container size={460}>
        <Stack gap="lg">
          {/* Every part of the page sits in a landmark: the logo (and any header link) in the banner. */}
          <Center component="header">{props.top ?? <AppLogo />}</Center>
          <Paper component="main" withBorder shadow="sm" p={{ base: "lg", sm: "xl" }} radius="md">
            <Title order={1} size="h2" mb={4}>
              {props.title}
            </Title>
            {props.subtitle ? (
              <Text c="dimmed" size="sm" mb="lg">
                {props.subtitle}
              </Text>
            ) : null}
            {props.children}
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
