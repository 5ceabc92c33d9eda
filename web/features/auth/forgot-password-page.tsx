import { Container, Title } from "@mantine/core";

export function ForgotPasswordPage() {
  return (
    <Container py="xl" component="main">
      <Title order={1}>Reset your password</Title>
    </Container>
  );
}
