from jarvis_tui.cli import main

raise SystemExit(main())
