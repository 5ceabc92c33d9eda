import { Anchor, Box, Container, List, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AppLogo } from "../../components/app-logo.tsx";
import { ColorSchemeToggle } from "../../components/color-scheme-toggle.tsx";
import { SiteFooter } from "./site-footer.tsx";

function LegalPage(props: { title: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="var(--sb-page-bg)" style={{ display: "flex", flexDirection: "column" }}>
      <Box
        component="header"
        py="sm"
        bg="var(--sb-surface)"
        style={{ borderBottom: "1px solid var(--sb-border)" }}
      >
        <Container
          size="md"
          style={{ display: "flex", justifyContent: "space-between", alignItems: "center" }}
        >
          <AppLogo />
          <ColorSchemeToggle />
        </Container>
      </Box>
      <Container size="md" py="xl" component="main" style={{ flex: 1 }}>
        <Stack gap="md" maw={720}>
          <Title order={1}>{props.title}</Title>
          {props.children}
          <Text size="sm">
            <Anchor component={Link} to="/" underline="always">
              Back to Home
            </Anchor>
          </Text>
        </Stack>
      </Container>
      <SiteFooter />
    </Box>
  );
}

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} size="h4">
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}

/** Short and plain: what the software is, what it promises (nothing about returns) and who runs it. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <Text>
        Signalboard is self-hosted software: whoever runs this installation operates it and answers for it.
        These terms describe the software as it ships.
      </Text>
      <Section title="Not financial advice">
        <Text size="sm">
          Recommendations, confidence scores, analyses and the track record are produced by a statistical
          model that ranks stocks against each other. Its edge is small, past results do not guarantee future
          ones, and nothing on this site is an offer or a recommendation to buy or sell a security. Decide for
          yourself, or with an adviser who knows your situation.
        </Text>
      </Section>
      <Section title="Your account">
        <Text size="sm">
          Keep your password and API key to yourself: anyone holding them acts as you. The operator may
          deactivate or delete accounts. You can stop using the service at any time.
        </Text>
      </Section>
      <Section title="No warranty">
        <Text size="sm">
          The software is provided as is, without warranty of any kind. Prices may be delayed, missing or
          wrong, and the service may be unavailable.
        </Text>
      </Section>
      <Section title="Open-source software">
        <Text size="sm">
          Signalboard is licensed under the Apache License 2.0. Its charts are drawn with TradingView
          Lightweight Charts™, Copyright © 2025 TradingView, Inc.,{" "}
          <Anchor href="https://www.tradingview.com/" underline="always">
            https://www.tradingview.com/
          </Anchor>
          .
        </Text>
      </Section>
    </LegalPage>
  );
}

/** What this installation stores, why, and what it does not do; written from the database schema (db/schema/). */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <Text>
        Signalboard is self-hosted: your data lives in the database of whoever runs this installation and goes
        nowhere else. There is no advertising, no analytics and no tracking; the pages load nothing from other
        sites.
      </Text>
      <Section title="What is stored, and why">
        <List size="sm" spacing={6}>
          <List.Item>
            <b>Your account</b>: email address, first and last name if you give them, and a one-way hash of
            your password (never the password), so you can sign in.
          </List.Item>
          <List.Item>
            <b>Sessions</b>: when each sign-in started and ended, the IP address and the browser&apos;s user
            agent, so you and the administrators can see where your account is signed in and end sessions that
            are not yours. The session token itself stays in your browser&apos;s cookie; the server keeps only
            its hash.
          </List.Item>
          <List.Item>
            <b>Your API key</b>: a hash to recognise it and an encrypted copy so you can see it again; never
            in plain text.
          </List.Item>
          <List.Item>
            <b>Your watchlist</b> (symbols, purchase prices, alert thresholds), <b>alert settings</b> (email
            alerts on or off, a webhook address) and the alerts sent, so alerts can fire and be delivered
            once.
          </List.Item>
          <List.Item>
            <b>Your analyses</b>: the stock analyses you request, so they appear in your history.
          </List.Item>
          <List.Item>
            <b>Password-reset codes</b>, hashed and short-lived, and rate-limit counters, to keep accounts
            safe.
          </List.Item>
        </List>
      </Section>
      <Section title="In your browser">
        <Text size="sm">
          A session cookie keeps you signed in; local storage may hold your sign-in token and your light or
          dark theme choice. Nothing else.
        </Text>
      </Section>
      <Section title="Deleting your data">
        <Text size="sm">
          Ask the administrators of this installation to delete your account: its sessions, watchlist, alerts
          and analyses go with it.
        </Text>
      </Section>
    </LegalPage>
  );
}
