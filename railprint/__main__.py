from railprint.cli import main

main()
