import { Container, Title } from "@mantine/core";

export function ApiKeyPage() {
  return (
    <Container py="xl" component="main">
      <Title order={1}>API Key Management</Title>
    </Container>
  );
}
