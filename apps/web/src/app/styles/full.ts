// Every Mantine style (core and notifications), loaded before any lazy screen or overlay renders.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
