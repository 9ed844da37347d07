/** @jsxRuntime automatic */
/** @jsxImportSource react */
// The one e-mail layout of the product (React Email): a header with the product's name, a heading,
// paragraphs, an optional table of figures and a list, a button, and a footer that says why the mail
// came and how to stop it. Every template is content for this layout (templates.ts), so all mail looks
// alike and renders as HTML and plain text from the same tree.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { PRODUCT_NAME } from '../../../domain/brand.ts';

/** The SPA's brand colours (web/src/index.css light theme), as literal values mail clients understand. */
export const BRAND = {
  primary: '#2563eb',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  background: '#f8fafc',
  warning: '#b45309',
} as const;

export interface EmailFigure {
  readonly label: string;
  readonly value: string;
  readonly note?: string | undefined;
  /** Shown in the warning colour (a low balance, a bank needing re-login). */
  readonly warn?: boolean | undefined;
}

export interface EmailContent {
  readonly subject: string;
  /** The inbox preview line. */
  readonly preview: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly figures?: readonly EmailFigure[] | undefined;
  readonly list?: { readonly title: string; readonly items: readonly string[] } | undefined;
  readonly cta?: { readonly label: string; readonly href: string } | undefined;
  /** Why this mail came (footer). */
  readonly reason: string;
  /** Preferences page and one-click unsubscribe link; absent on essential mail. */
  readonly manageUrl?: string | undefined;
  readonly unsubscribeUrl?: string | undefined;
}

const text = { color: BRAND.text, fontSize: '15px', lineHeight: '24px', margin: '0 0 14px' };
const small = { color: BRAND.muted, fontSize: '12px', lineHeight: '18px', margin: '0 0 6px' };

export function EmailLayout({ content }: { content: EmailContent }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.preview}</Preview>
      <Body
        style={{
          backgroundColor: BRAND.background,
          fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif',
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            border: `1px solid ${BRAND.border}`,
            borderRadius: '12px',
            maxWidth: '560px',
            padding: '28px 32px',
          }}
        >
          <Text style={{ color: BRAND.primary, fontSize: '18px', fontWeight: 700, margin: '0 0 20px' }}>
            {PRODUCT_NAME}
          </Text>
          <Heading
            as="h1"
            style={{ color: BRAND.text, fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}
          >
            {content.heading}
          </Heading>
          {content.paragraphs.map((paragraph, i) => (
            <Text key={i} style={text}>
              {paragraph}
            </Text>
          ))}
          {content.figures && content.figures.length > 0 ? (
            <Section style={{ margin: '8px 0 18px' }}>
              {content.figures.map((figure) => (
                <Section
                  key={figure.label}
                  style={{ borderTop: `1px solid ${BRAND.border}`, padding: '10px 0' }}
                >
                  <Text style={{ ...small, margin: '0 0 2px' }}>{figure.label}</Text>
                  <Text
                    style={{
                      color: figure.warn ? BRAND.warning : BRAND.text,
                      fontSize: '20px',
                      fontWeight: 700,
                      lineHeight: '26px',
                      margin: 0,
                    }}
                  >
                    {figure.value}
                  </Text>
                  {figure.note ? <Text style={{ ...small, margin: '2px 0 0' }}>{figure.note}</Text> : null}
                </Section>
              ))}
            </Section>
          ) : null}
          {content.list && content.list.items.length > 0 ? (
            <Section style={{ margin: '0 0 18px' }}>
              <Text style={{ ...text, fontWeight: 600, margin: '0 0 6px' }}>{content.list.title}</Text>
              {content.list.items.map((item, i) => (
                <Text key={i} style={{ ...text, margin: '0 0 4px' }}>
                  • {item}
                </Text>
              ))}
            </Section>
          ) : null}
          {content.cta ? (
            <Button
              href={content.cta.href}
              style={{
                backgroundColor: BRAND.primary,
                borderRadius: '8px',
                color: '#ffffff',
                fontSize: '15px',
                fontWeight: 600,
                padding: '12px 20px',
              }}
            >
              {content.cta.label}
            </Button>
          ) : null}
          <Hr style={{ borderColor: BRAND.border, margin: '28px 0 14px' }} />
          <Text style={small}>{content.reason}</Text>
          {content.manageUrl ? (
            <Text style={small}>
              <Link href={content.manageUrl} style={{ color: BRAND.muted, textDecoration: 'underline' }}>
                E-mail preferences
              </Link>
              {content.unsubscribeUrl ? ' · ' : null}
              {content.unsubscribeUrl ? (
                <Link
                  href={content.unsubscribeUrl}
                  style={{ color: BRAND.muted, textDecoration: 'underline' }}
                >
                  Unsubscribe from all {PRODUCT_NAME} e-mails
                </Link>
              ) : null}
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export interface RenderedEmail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The HTML and plain-text bodies of one e-mail from the same tree. */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const element = <EmailLayout content={content} />;
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: content.subject, html, text: plain };
}
