from railprint.console import main

main()
