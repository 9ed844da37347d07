// The HTTP API: one Lambda per entry of functions/catalog.ts and every catalog route, with the Cognito
// JWT authorizer on user and admin routes. Nothing here lists routes; the catalog does.
import {
  Annotations,
  CfnOutput,
  type CfnElement,
  Duration,
  Stack,
  Validations,
  type StackProps,
} from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { EventBus, type IEventBus } from 'aws-cdk-lib/aws-events';
import {
  ConfigurationSet,
  EmailSendingEvent,
  EventDestination,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { allRoutes, catalog, type CallerKind, type CatalogEntry } from '../functions/catalog.ts';
import { CatalogFunction } from './catalog-function.ts';
import type { BucketBinding, TableBinding } from './data-stack.ts';
import { accessOf } from './function-access.ts';
import { WorkQueues } from './work-queues.ts';

/** Callers whose routes carry the JWT authorizer. Admin membership (`cognito:groups`) is checked by
 * the handler middleware: the ID token has no OAuth scopes for the authorizer to match on. */
const authorizedCallers: ReadonlySet<CallerKind> = new Set(['user', 'admin']);

/** Stage-wide throttle; a single user never needs more, and it caps the bill of a runaway client. */
const throttle = { rateLimit: 100, burstLimit: 200 };

export interface ApiStackProps extends StackProps {
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  table: TableBinding;
  avatars: BucketBinding;
  bus: IEventBus;
  plaidSecret: ISecret;
  stripeSecret: ISecret;
  plaidTokenKey: IKey;
  /** Plaid environment the functions call: `sandbox` until the production keys are in the secret. */
  plaidEnvironment: 'sandbox' | 'production';
  /** Origins allowed by CORS (the SPA). Empty: not known yet, see docs/deploy.md. */
  webOrigins: string[];
  /** The verified SES sender of the product's e-mails. */
  emailFrom: string;
  /** The coach's Bedrock foundation model (COACH_MODEL_ID at deploy). */
  coachModelId: string;
  logRetention: RetentionDays;
}

export class ApiStack extends Stack {
  readonly api: HttpApi;
  /** Base URL of the API, without a trailing slash. */
  readonly apiUrl: string;
  /** Every catalog entry's function, by catalog name. */
  readonly functions: ReadonlyMap<string, CatalogFunction>;
  /** The realtime WebSocket API and the URL browsers open, `wss://…/live`. */
  readonly realtime: WebSocketApi;
  readonly realtimeUrl: string;
  /** The work queues (events/queues.ts) and the asynchronous failure destination. */
  readonly workQueues: WorkQueues;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.api = new HttpApi(this, 'HttpApi', {
      description: 'money-calendar API (routes from functions/catalog.ts)',
      createDefaultStage: false,
      corsPreflight: {
        allowOrigins: props.webOrigins.length > 0 ? props.webOrigins : ['https://*'],
        allowMethods: [
          CorsHttpMethod.GET,
          CorsHttpMethod.POST,
          CorsHttpMethod.PUT,
          CorsHttpMethod.PATCH,
          CorsHttpMethod.DELETE,
        ],
        allowHeaders: [
          'authorization',
          'content-type',
          'x-correlation-id',
          'x-profile-id',
          'x-two-factor-session',
        ],
        exposeHeaders: ['x-correlation-id'],
        allowCredentials: false,
        maxAge: Duration.hours(2),
      },
    });
    if (props.webOrigins.length === 0) {
      // The API authenticates by bearer token, never by cookie, so a broad CORS origin exposes nothing a
      // non-browser client could not do; pinning it is still the production setting.
      Annotations.of(this.api).addWarningV2(
        'money-calendar:cors-unpinned',
        'CORS allows any https origin because WEB_ORIGIN is not set; set it to the SPA origin (docs/deploy.md).',
      );
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationLatencyMs: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            sub: '$context.authorizer.claims.sub',
          }),
        ),
      },
    });
    // A route's own throttle (catalog `throttle`, the public routes) beside the stage's.
    // HTTP API limits are per route, not per client: a flood slows the route for everyone but never
    // reaches the handlers' data (docs/decisions.md, rate limits).
    const routeSettings = Object.fromEntries(
      allRoutes
        .filter(({ route }) => route.throttle)
        .map(({ route }) => [
          `${route.method} ${route.path}`,
          // RouteSettings is a JSON map in CloudFormation: its keys are written as CloudFormation spells them.
          { ThrottlingRateLimit: route.throttle!.rate, ThrottlingBurstLimit: route.throttle!.burst },
        ]),
    );
    (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
    this.apiUrl = this.api.apiEndpoint;

    // The SPA sends the Cognito ID token, whose `aud` is the app client id.
    const jwt = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    const none = new HttpNoneAuthorizer();

    const functions = new Map<string, CatalogFunction>();
    for (const entry of catalog) {
      const fn = this.catalogFunction(entry, props);
      functions.set(entry.name, fn);
      if (entry.caller === 'internal') continue;
      this.addRoutes(entry, fn, authorizedCallers.has(entry.caller) ? jwt : none);
    }
    this.functions = functions;
    this.workQueues = new WorkQueues(this, 'WorkQueues', { functions });
    // POST /client-reports is public (the sign-in pages report too) but attributes a post to its user when
    // an ID token comes with it: the handler verifies that token itself, as $connect does.
    const clientReports = functions.get('client-reports');
    clientReports?.function.addEnvironment(
      'COGNITO_ISSUER',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
    );
    clientReports?.function.addEnvironment('COGNITO_CLIENT_ID', props.userPoolClient.userPoolClientId);

    const realtime = this.realtimeApi(functions, props);
    this.realtime = realtime.api;
    this.realtimeUrl = realtime.stage.url;

    new CfnOutput(this, 'ApiUrl', { value: this.apiUrl, description: 'Base URL of the HTTP API' });
    new CfnOutput(this, 'RealtimeUrl', { value: this.realtimeUrl, description: 'The realtime WebSocket' });
  }

  /**
   * The realtime WebSocket API (docs/realtime.md): the routes of the catalog's websocket entry; $connect
   * verifies the Cognito ID token in its handler (WebSocket APIs have no JWT authorizer); the
   * publisher alone may post to connections, on this API's stage only.
   */
  private realtimeApi(functions: ReadonlyMap<string, CatalogFunction>, props: ApiStackProps) {
    const entry = catalog.find((e) => e.websocketRoutes?.length);
    const connections = entry && functions.get(entry.name);
    const publisher = functions.get('realtime-publisher');
    if (!entry || !connections || !publisher) throw new Error('The catalog has no realtime entries');
    const integration = (key: string) =>
      new WebSocketLambdaIntegration(`realtime-${key.replace('$', '')}`, connections.function);
    const routes = new Set(entry.websocketRoutes);
    const api = new WebSocketApi(this, 'RealtimeApi', {
      description: 'money-calendar realtime pushes (spec §7 websocket)',
      routeSelectionExpression: '$request.body.action',
      ...(routes.has('$connect') ? { connectRouteOptions: { integration: integration('$connect') } } : {}),
      ...(routes.has('$disconnect')
        ? { disconnectRouteOptions: { integration: integration('$disconnect') } }
        : {}),
      // The heartbeat's pong is the handler's answer (a two-way route); pushes go through the publisher.
      ...(routes.has('$default')
        ? { defaultRouteOptions: { integration: integration('$default'), returnResponse: true } }
        : {}),
    });
    const accessLogs = new LogGroup(this, 'RealtimeAccessLogs', { retention: props.logRetention });
    const stage = new WebSocketStage(this, 'RealtimeStage', {
      webSocketApi: api,
      stageName: 'live',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // The token travels in the connect URL's query: the log format never includes it.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            routeKey: '$context.routeKey',
            eventType: '$context.eventType',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    for (const route of api.node.findAll()) {
      if (route.node.id === '$connect-Route') {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'WebSocket APIs have no JWT authorizer: the $connect handler verifies the Cognito ID token ' +
            '(signature, issuer, audience, expiry) and refuses the handshake with 401 before any state is kept.',
        });
      }
      if (route.node.id === '$disconnect-Route' || route.node.id === '$default-Route') {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            'Only reachable on a connection $connect authenticated; API Gateway authorizes at connect only.',
        });
      }
    }

    connections.function.addEnvironment(
      'COGNITO_ISSUER',
      `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`,
    );
    connections.function.addEnvironment('COGNITO_CLIENT_ID', props.userPoolClient.userPoolClientId);
    publisher.function.addEnvironment('REALTIME_ENDPOINT', stage.callbackUrl);
    // Least privilege: post to (and, for 410 cleanup, nothing more than) this API's live stage.
    publisher.role.addToPolicy(
      new PolicyStatement({
        actions: ['execute-api:ManageConnections'],
        resources: [
          this.formatArn({
            service: 'execute-api',
            resource: api.apiId,
            resourceName: `${stage.stageName}/POST/@connections/*`,
          }),
        ],
      }),
    );
    Validations.of(publisher.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:${this.partition === 'aws' ? 'aws' : '<AWS::Partition>'}:execute-api:${this.region}:${this.account}:<${this.getLogicalId(api.node.defaultChild as CfnElement)}>/live/POST/@connections/*]`,
      reason: 'Connection ids are made at connect time; the grant is this API, this stage and POST only.',
    });
    return { api, stage };
  }

  private catalogFunction(entry: CatalogEntry, props: ApiStackProps): CatalogFunction {
    const fn = new CatalogFunction(this, `Fn-${entry.name}`, { entry, logRetention: props.logRetention })
      // Every entry reads and writes the table for now; narrowing to 'read' is a one-word change here.
      .bindTable({ table: props.table, access: 'readWrite' })
      .bindBus({ bus: props.bus });
    const access = accessOf(entry.name);
    if (access.includes('plaidSecret')) {
      fn.bindSecret({ secret: props.plaidSecret, envName: 'PLAID_SECRET_ARN' });
      fn.function.addEnvironment('PLAID_ENV', props.plaidEnvironment);
      fn.function.addEnvironment('PLAID_WEBHOOK_URL', `${this.apiUrl}/webhooks/plaid`);
    }
    // Links back to the SPA (invitation e-mails, hosted Link's return); unset until the origin is known.
    if (props.webOrigins[0]) fn.function.addEnvironment('APP_URL', props.webOrigins[0]);
    if (access.includes('plaidTokenEncrypt')) {
      fn.bindKey({ key: props.plaidTokenKey, envName: 'PLAID_TOKEN_KEY_ARN', access: 'encryptDecrypt' });
    } else if (access.includes('plaidTokenDecrypt')) {
      fn.bindKey({ key: props.plaidTokenKey, envName: 'PLAID_TOKEN_KEY_ARN', access: 'decrypt' });
    }
    if (access.includes('stripeSecret'))
      fn.bindSecret({ secret: props.stripeSecret, envName: 'STRIPE_SECRET_ARN' });
    if (access.includes('avatars'))
      fn.bindBucket({ bucket: props.avatars, envName: 'AVATARS_BUCKET', access: 'readWrite' });
    if (access.includes('email')) {
      fn.bindEmail({ from: props.emailFrom, configurationSet: this.mailEvents().configurationSetName });
      // One-click unsubscribe links (RFC 8058) point at the API itself.
      fn.function.addEnvironment('API_URL', this.apiUrl);
    }
    if (access.includes('sms')) fn.bindSms();
    if (access.includes('bedrock')) fn.bindBedrock({ modelId: props.coachModelId, maxTokens: 800 });
    const userPoolActions = [
      ...(access.includes('userPoolAdmin')
        ? [
            'AdminGetUser',
            'AdminListGroupsForUser',
            'AdminAddUserToGroup',
            'AdminRemoveUserFromGroup',
            'AdminDisableUser',
            'AdminEnableUser',
            'AdminUserGlobalSignOut',
          ]
        : []),
      ...(access.includes('userPoolLookup') ? ['AdminGetUser', 'AdminListGroupsForUser'] : []),
      ...(access.includes('userPoolSignOut') ? ['AdminUserGlobalSignOut'] : []),
      ...(access.includes('userPoolDelete') ? ['AdminInitiateAuth', 'AdminDeleteUser'] : []),
    ];
    if (userPoolActions.length > 0)
      fn.bindUserPool({
        userPoolId: props.userPool.userPoolId,
        userPoolArn: props.userPool.userPoolArn,
        clientId: props.userPoolClient.userPoolClientId,
        actions: [...new Set(userPoolActions)],
      });
    return fn;
  }

  private configurationSet?: ConfigurationSet;

  /**
   * The SES configuration set every product e-mail names: its delivery, open, click,
   * bounce and complaint events go to EventBridge's default bus (the only bus SES publishes to), where
   * the email-delivery-events job takes them; SES's account-level suppression list also keeps hard
   * bounces and complaints.
   */
  private mailEvents(): ConfigurationSet {
    if (this.configurationSet) return this.configurationSet;
    const set = new ConfigurationSet(this, 'MailEvents', {
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    set.addEventDestination('ToEventBridge', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.OPEN,
        EmailSendingEvent.CLICK,
      ],
    });
    this.configurationSet = set;
    return set;
  }

  private addRoutes(entry: CatalogEntry, fn: CatalogFunction, authorizer: IHttpRouteAuthorizer): void {
    // One invoke permission per function for this API instead of one per route: the stack stays far
    // from CloudFormation's 500-resource limit as the catalog grows, and API Gateway only invokes an
    // integration from the routes it is attached to.
    const integration = new HttpLambdaIntegration(`${entry.name}-integration`, fn.function, {
      scopePermissionToRoute: false,
    });
    for (const route of entry.routes) {
      const [httpRoute] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
        authorizer,
      });
      if (httpRoute && !authorizedCallers.has(entry.caller)) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            entry.caller === 'webhook'
              ? `${route.method} ${route.path} is a provider webhook: the caller has no Cognito token; the handler verifies the provider's signature.`
              : `${route.method} ${route.path} is public by design (${entry.description}).`,
        });
      }
    }
  }
}
