from peer.server import main

raise SystemExit(main())
