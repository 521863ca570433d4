"""The page shell: the app and its entry point, the DOM glue, the workers' client, scopes, services, settings, input routing, panels and sound."""
