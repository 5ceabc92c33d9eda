import {
  Accordion,
  Anchor,
  Badge,
  Box,
  Code,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowLeft, IconKey, IconLogin } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FullPageSpinner } from "../../components/full-page-spinner.tsx";
import { HeaderLink } from "../../components/header-link.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { ensureOk } from "../../lib/api-error.ts";
import { POSITIVE } from "../../lib/colors.ts";
import { currentUserQueryOptions } from "../../lib/current-user.queries.ts";
import { groupEndpoints, type OpenApiDocument } from "./openapi-groups.ts";

const METHOD_COLORS: Record<string, string> = {
  GET: "blue.8",
  POST: POSITIVE,
  PATCH: "orange.9",
  PUT: "orange.9",
  DELETE: "red.8",
};

// The OpenAPI document is generated from the same route definitions as the typed client, so this page never
// restates the endpoints by hand. It is the one request made without the RPC client: the document describes
// the API rather than being part of it.
/** Text from the OpenAPI document with its markdown code spans (`like this`) shown as code, not as backticks. */
export function InlineMarkdown(props: { text: string }) {
  const nodes: ReactNode[] = [];
  let offset = 0;
  let code = false;
  for (const part of props.text.split("`")) {
    // The part's position in the text is its key: stable for a given text.
    nodes.push(code ? <Code key={offset}>{part}</Code> : <span key={offset}>{part}</span>);
    offset += part.length + 1;
    code = !code;
  }
  return nodes;
}

/**
 * The document's description as a reader expects it: blank lines part paragraphs and a run of "- " lines is a
 * bulleted list (before, the bullets ran into one paragraph).
 */
export function MarkdownBlocks(props: { text: string }) {
  const blocks: ReactNode[] = [];
  for (const [i, block] of props.text.split(/\n{2,}/).entries()) {
    let paragraph: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (paragraph.length) {
        blocks.push(
          <Text size="sm" mb="sm" key={`${i}-p${blocks.length}`}>
            <InlineMarkdown text={paragraph.join(" ")} />
          </Text>,
        );
      }
      if (items.length) {
        blocks.push(
          <List size="sm" mb="sm" spacing={4} key={`${i}-l${blocks.length}`}>
            {items.map((item) => (
              <List.Item key={item}>
                <InlineMarkdown text={item} />
              </List.Item>
            ))}
          </List>,
        );
      }
      paragraph = [];
      items = [];
    };
    for (const line of block.split("\n")) {
      if (line.startsWith("- ")) {
        if (paragraph.length) flush();
        items.push(line.slice(2));
      } else {
        if (items.length) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

const openApiQueryOptions = {
  queryKey: ["/api/openapi.json"],
  queryFn: async () => (await ensureOk(await fetch("/api/openapi.json"))).json() as Promise<OpenApiDocument>,
};

export function ApiDocsPage() {
  const { data: user } = useQuery(currentUserQueryOptions());
  const { data: doc, isPending, isError, error, refetch, isFetching } = useQuery(openApiQueryOptions);
  if (isPending) return <FullPageSpinner />;
  const header = (
    <PageHeader size="lg">
      <Group gap="xs" wrap="nowrap">
        <HeaderLink to="/api-key" label="API Key" icon={IconKey} variant="subtle" />
        {user ? (
          <HeaderLink to="/dashboard" label="Back to Dashboard" icon={IconArrowLeft} />
        ) : (
          <HeaderLink to="/signin" label="Sign In" icon={IconLogin} />
        )}
      </Group>
    </PageHeader>
  );
  if (isError)
    return (
      <Box mih="100vh" bg="var(--sb-page-bg)">
        {header}
        <Container size="lg" py="lg" component="main">
          <Title order={1} mb="lg">
            API Documentation
          </Title>
          <LoadError what="the API documentation" error={error} onRetry={refetch} retrying={isFetching} />
        </Container>
      </Box>
    );
  const origin = window.location.origin;
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)">
      {header}
      <Container size="lg" py="lg" component="main">
        <Stack gap="lg">
          <div>
            <Title order={1}>API Documentation</Title>
            <Text c="dimmed">
              {doc.info.title} {doc.info.version}
            </Text>
          </div>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h3" mb="xs">
              Overview
            </Title>
            <MarkdownBlocks text={doc.info.description ?? ""} />
            <Text size="sm">
              Every answer is JSON; errors carry <Code>{"{ message, code? }"}</Code>. Symbols are 1-10
              characters (letters, digits, <Code>.</Code>, <Code>-</Code> and <Code>^</Code>) and are
              uppercased. The machine-readable document is at{" "}
              <Anchor href="/api/openapi.json" underline="always">
                /api/openapi.json
              </Anchor>{" "}
              and an interactive reference at{" "}
              <Anchor href="/api/reference" underline="always">
                /api/reference
              </Anchor>
              .
            </Text>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h3" mb="xs">
              Try it
            </Title>
            <Text size="sm" mb="xs">
              Sign in with a test account (locally, the seed prints the demo accounts), then use the returned
              token or your API key from the{" "}
              <Anchor component={Link} to="/api-key" underline="always">
                API key page
              </Anchor>
              :
            </Text>
            <Code block tabIndex={0}>{`curl -X POST ${origin}/api/auth/signin \\
  -H "Content-Type: application/json" \\
  -d '{"email":"you@example.com","password":"your-password"}'

curl -H "Authorization: Bearer YOUR_API_KEY" ${origin}/api/recommendations/latest

curl -X POST ${origin}/api/insights/analyze \\
  -H "Authorization: Bearer YOUR_API_KEY" -H "Content-Type: application/json" \\
  -d '{"symbol":"AAPL"}'`}</Code>
            <Text size="sm" mt="xs">
              An API key acts as its user on every endpoint except the admin-only ones: those need a signed-in
              session (the cookie or the sign-in token) and answer 403 to a key.
            </Text>
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h3" mb="sm">
              Endpoints
            </Title>
            <Accordion multiple defaultValue={["Authentication"]} variant="separated">
              {groupEndpoints(doc).map(([tag, endpoints]) => (
                <Accordion.Item key={tag} value={tag}>
                  <Accordion.Control>
                    <Group gap="xs">
                      <Text fw={700}>{tag}</Text>
                      <Badge variant="light" color="gray" c="var(--mantine-color-text)">
                        {endpoints.length}
                      </Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="sm">
                      {endpoints.map((e) => (
                        <Box key={`${e.method} ${e.path}`} data-testid="endpoint">
                          <Group gap="xs" wrap="wrap">
                            <Badge color={METHOD_COLORS[e.method] ?? "gray"} variant="filled" w={70}>
                              {e.method}
                            </Badge>
                            <Code>{e.path}</Code>
                            {e.adminOnly ? (
                              <Badge color="red.8" variant="light">
                                Admin only
                              </Badge>
                            ) : null}
                            {e.signedIn && !e.adminOnly ? (
                              <Badge color="indigo" variant="light">
                                Signed in
                              </Badge>
                            ) : null}
                          </Group>
                          <Text size="sm" mt={4}>
                            <InlineMarkdown text={e.summary} />
                          </Text>
                          {e.description ? (
                            <Text size="xs" c="dimmed">
                              <InlineMarkdown text={e.description} />
                            </Text>
                          ) : null}
                          {e.parameters.length ? (
                            <Text size="xs" c="dimmed">
                              Parameters:{" "}
                              {e.parameters
                                .map((p) => `${p.name} (${p.in}${p.required ? ", required" : ""})`)
                                .join(", ")}
                            </Text>
                          ) : null}
                        </Box>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
