import { Container, Title } from "@mantine/core";
import type { CurrentUser } from "../auth/auth.queries.ts";

export function AdminPage(_props: { user: CurrentUser }) {
  return (
    <Container py="xl" component="main">
      <Title order={1}>Admin Panel</Title>
    </Container>
  );
}
