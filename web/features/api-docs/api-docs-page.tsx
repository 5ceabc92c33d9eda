import { Container, Title } from "@mantine/core";

export function ApiDocsPage() {
  return (
    <Container py="xl" component="main">
      <Title order={1}>API Documentation</Title>
    </Container>
  );
}
