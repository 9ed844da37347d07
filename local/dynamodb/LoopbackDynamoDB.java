// Starts Amazon DynamoDB Local bound to 127.0.0.1 only. DynamoDB Local has no host flag and its Jetty
// server listens on every interface; this launcher builds the server from the usual command-line
// arguments, then sets each connector's host to loopback before starting it. It also exits when its
// standard input closes, so the JVM never outlives the node process that started it.
import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public class LoopbackDynamoDB {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    Thread parentWatch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // Drain until the parent closes the pipe.
        }
      } catch (java.io.IOException ignored) {
        // A broken pipe means the parent is gone too.
      }
      Runtime.getRuntime().halt(0);
    });
    parentWatch.setDaemon(true);
    parentWatch.start();
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
    proxy.join();
  }
}
