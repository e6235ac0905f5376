import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to one address. DynamoDBLocal.jar has no host option (its options are
 * -port, -inMemory, -dbPath, -sharedDb, -cors, -delayTransientStatuses, -optimizeDbBeforeStartup,
 * -disableTelemetry): its Jetty server listens on every interface, without authentication. This
 * launcher builds the server from the same command-line arguments, binds its connectors to the
 * address of the system property {@code pacer.host} (default 127.0.0.1) before starting it, and
 * exits when its standard input closes, that is when the Node process that started it is gone, so
 * no engine outlives the local runtime. Compiled on first use by packages/local/src/dynamodb.ts.
 */
public final class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("pacer.host", "127.0.0.1");
    Thread parentWatch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // The parent never writes; only the end of the stream matters.
        }
      } catch (Exception closed) {
        // A broken pipe means the same as the end of the stream.
      }
      // Halt, not exit: a shutdown already under way (SIGTERM) must not hold the engine either.
      Runtime.getRuntime().halt(0);
    }, "pacer-parent-watch");
    parentWatch.setDaemon(true);
    parentWatch.start();
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost(host);
    }
    proxy.start();
  }
}
